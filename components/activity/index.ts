/**
 * The activity room's face: the card of a remote AG-UI agent's activity
 * (option `agui`) is a chunk loaded with the first activity, so this face
 * holds only its loader.
 */
export const loadActivityCard = () => import('./activity-card.js');
export type { ActivityWords } from './activity-words.js';
