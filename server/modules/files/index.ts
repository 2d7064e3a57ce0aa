/** The files feature's surface: its routes (stored files served at /files/* with a valid signature). */
export { default } from './files.routes';
