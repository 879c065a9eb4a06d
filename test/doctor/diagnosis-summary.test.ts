// The doctor's one-line summary (src/diagnosis-summary.ts): a checklist with
// nothing checked never says that all checks passed.
import { expect } from 'chai';
import { diagnosisSummary } from '../../src/diagnosis-summary.js';
import type { DiagnosisCheck, DiagnosisStatus } from '../../src/types.js';

const checks = (...statuses: DiagnosisStatus[]): { checks: DiagnosisCheck[] } => ({ checks: statuses.map((status, i) => ({ id: `c${i}`, label: `Check ${i}`, status, detail: '' })) });

describe('the doctor\'s summary', () => {
  it('says nothing was checked when every line was skipped (a model module), or there is none', () => {
    expect(diagnosisSummary(checks('skip'))).to.equal('Nothing was checked (1 skipped)');
    expect(diagnosisSummary(checks())).to.equal('Nothing was checked');
  });

  it('counts what passed, and says what was skipped beside it', () => {
    expect(diagnosisSummary(checks('pass', 'pass', 'skip'))).to.equal('All 2 checks passed (1 skipped)');
    expect(diagnosisSummary(checks('pass'))).to.equal('The one check passed');
  });

  it('puts failures and warnings first', () => {
    expect(diagnosisSummary(checks('fail', 'warn', 'warn', 'pass', 'skip'))).to.equal('1 failed, 2 warnings');
    expect(diagnosisSummary(checks('warn', 'pass'))).to.equal('1 warning');
  });
});
