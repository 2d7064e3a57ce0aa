// The registration point of the kinds' web views (decision 271): a kind's folder registers its own, here once.
import './components/forty/forty-views';
import './components/vertical-jump/vertical-views';

export { kindViews, registerKindViews, type KindViews } from './kind-views';
