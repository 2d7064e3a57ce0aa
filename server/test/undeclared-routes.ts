import type { Access } from '../plugins/access';

/**
 * The routes nobody said who may call: neither a declared endpoint (contract/api, registered with
 * route()) nor a registration with `config.access`. Outside /api a GET is web content, and public.
 */
export const undeclared = (routes: { method: string; url: string; access: Access | undefined }[]) =>
  routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
