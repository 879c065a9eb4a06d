/** ko: the doctor's lines are not translated yet (English is shown). */
export const doctor = {};
