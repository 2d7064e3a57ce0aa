/**
 * Roles and who may call what (decisions 074, 199): the server's access check, the route access test and
 * the web's menus and screens all read these, so a role is spelled here and nowhere else.
 */
export const ROLES = ['user', 'analyst', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The roles each access level lets in. 'user' is any signed-in account (the services then decide which
 * objects it may touch); 'public' needs no session. A new role is one entry in ROLES plus the levels it
 * joins here; every endpoint keeps its declaration.
 */
const ROLES_OF = {
  user: ROLES,
  analyst: ['analyst', 'admin'],
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Access = 'public' | keyof typeof ROLES_OF;

/** Whether a caller with `role` (null: signed out) may call an endpoint declared with `access`. */
export function mayCall(access: Access, role: Role | null | undefined): boolean {
  if (access === 'public') return true;
  return role != null && (ROLES_OF[access] as readonly Role[]).includes(role);
}

/** Analysts and admins: the request queue, measurements, audits, every player's request history. */
export const canProcessRequests = (role: Role | null | undefined) => mayCall('analyst', role);

/** Admins: users, reporting, audit decisions, any player's edits. */
export const isAdmin = (role: Role | null | undefined) => mayCall('admin', role);
