import type { FastifyInstance } from 'fastify';
import playerBestsRoutes from './player-bests';
import playersRoutes from './players.routes';
import positionsRoutes from './positions.routes';
import schoolsRoutes from './schools.routes';
import uploadRoutes from './upload.routes';

/** Registers the players feature's routes: players, positions, school search and photo upload. */
export default async function playersModule(app: FastifyInstance) {
  await app.register(playerBestsRoutes);
  await app.register(playersRoutes);
  await app.register(positionsRoutes);
  await app.register(schoolsRoutes);
  await app.register(uploadRoutes);
}

export { playerFileRefs, removeStoredFiles, storageKeyOf } from './player-files';
export {
  assertReadable,
  canChangePlayer,
  canReadPlayer,
  canSeePrivate,
  changeablePlayer,
  ownPlayer,
  viewablePlayer,
} from './player-access';
export { playerName } from './player-view';
export { schoolWithPlace } from './schools.service';
export { positionKeys } from './position-keys';
export { schoolsImportCommand } from './schools-import';
export { parseColleges, parseHighSchools, websiteHost } from './schools-import';
export { upsertSchools, type SchoolRow } from './schools.repository';
export { schoolSearchText } from './school-search-text';
