import { expect } from 'chai';
import { PageloopError, errorMessage } from '../src/errors.js';

describe('errorMessage (src/errors.ts)', () => {
  it('reads the message of an error, a thrown object, or the thrown value', () => {
    expect(errorMessage(new PageloopError('busy', 'A run is going.'))).to.equal('A run is going.');
    expect(errorMessage(new TypeError(''))).to.equal('TypeError');
    expect(errorMessage({ message: 'from a plain object' })).to.equal('from a plain object');
    expect(errorMessage('a string')).to.equal('a string');
    expect(errorMessage(42)).to.equal('42');
  });
});
