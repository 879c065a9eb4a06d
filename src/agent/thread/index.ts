export { ThreadBinding } from './thread-binding.js';
export { ThreadLibrary } from './thread-library.js';
export { ThreadRecords } from './thread-records.js';
