/** The players feature's public surface: other features import only from here. */
export { playerKeys, positionKeys } from './api/keys';
export { usePlayer } from './api/get-player';
export { positionName, usePositions } from './api/get-positions';
