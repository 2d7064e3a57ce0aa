/** The profile feature's surface: its routes (the signed-in user's own name, email and password). */
export { default } from './profile.routes';
