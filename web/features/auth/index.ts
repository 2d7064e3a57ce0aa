/** The auth feature's public surface: other features import only from here. */
export { userKeys } from './api/keys';
export { useUser } from './api/use-user';
export { resetCacheWithUser, SIGNED_IN_FLAG } from './api/auth-mutations';
export { PasswordInput } from './components/password-input';
