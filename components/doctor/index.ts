/**
 * The doctor room's face: `/doctor`'s up-front half. `startDoctor` loads the
 * checklist's chunk (doctor-report.ts: the command, its renderer and styles)
 * when the command runs; `renderDoctor` draws a doctor item with it.
 */
export { doctorInputs, renderDoctor, startDoctor } from './doctor-command.js';
export type { DoctorWords } from './doctor-words.js';
