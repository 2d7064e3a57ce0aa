/**
 * Roles and who may call what (decisions 074, 199): the server's access check, the route access test and
 * the web's menus and screens all read these, so a role is spelled here and nowhere else.
 */
export const ROLES = ['user', 'analyst', 'admin', 'coach'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The roles each access level lets in; 'public' needs no session. 'account' is any signed-in account
 * (its own user, profile, export, deletion); 'user' is the family side of the app, families and the staff
 * who serve them (the services then decide which objects each may touch), never a college coach
 * (decision 211); 'coach' is the coach screens, whose service also checks the coach is approved. A new
 * role is one entry in ROLES plus the levels it joins here; every endpoint keeps its declaration.
 */
const ROLES_OF = {
  account: ROLES,
  user: ['user', 'analyst', 'admin'],
  analyst: ['analyst', 'admin'],
  admin: ['admin'],
  coach: ['coach'],
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

/** College coaches: search, watch list and connect; no players, credits or requests (decision 211). */
export const isCoach = (role: Role | null | undefined) => mayCall('coach', role);
