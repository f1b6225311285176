import { describe, it } from 'vitest';
import { relayLeaderRounds } from './relay-leaders.js';

describe('the relay leader paused past its lease (SIGSTOP), then resumed, 10 times under writers', () => {
  it('leaves every change once in the poll, numbers rising, no hole', () => relayLeaderRounds('paused'));
});
