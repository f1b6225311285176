import { describe, it } from 'vitest';
import { relayLeaderRounds } from './relay-leaders.js';

describe('the relay leader killed and started again, 10 times under writers', () => {
  it('leaves every change once in the poll, numbers rising, no hole', () => relayLeaderRounds('killed'));
});
