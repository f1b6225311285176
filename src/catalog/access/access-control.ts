/**
 * The one authorization function of the operation layer, over a snapshot of the access index kept in memory. A
 * timer reloads it every half of `freshMs` (1 s), off the request path; a request finds a snapshot older than
 * `freshMs` only when reloads fail or stall, and then waits for one (refusing with 503 while the engine is away,
 * never deciding on stale rights). So a policy, group or role change through any process applies everywhere within
 * a second, and the hot path makes no engine call. A change through this process drops the snapshot at once.
 */
import { forbidden } from '../../errors.js';
import { AccessState, describeDecision, type AccessDocs, type Decision, type Resource } from './access-state.js';
import type { Right } from './change-rights.js';
import type { StoredAccess } from '../../storage/access-store.js';
import { WRITE_PRIVILEGES, type Privilege, type Role } from './privileges.js';

export interface AccessSource {
  /** Every policy, group, role binding and service account, as stored (storage/access-store.ts). */
  all(): Promise<StoredAccess>;
}

export const ACCESS_FRESH_MS = 1000;
const EMPTY: AccessDocs = { policies: [], groups: [], bindings: [], serviceAccounts: [] };

export class AccessControl {
  private snapshot?: { state: AccessState; at: number };
  private loading?: { generation: number; started: number; state: Promise<AccessState> };
  private generation = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly source: AccessSource,
    private readonly defaultRole: Role | undefined,
    /** Authentication is off: every caller may do everything, and nothing is read. */
    private readonly unrestricted = false,
    private readonly freshMs = ACCESS_FRESH_MS,
  ) {
    if (unrestricted) this.snapshot = { state: new AccessState(EMPTY, defaultRole, true), at: Infinity };
  }

  /** Starts the background reloads (a process serving requests); without them every second request past 1 s reads. */
  start(): this {
    if (this.unrestricted || this.timer) return this;
    // The timer joins a reload under way, however old: it decides nothing, and a stalled engine gets no pile of reads.
    this.timer = setInterval(() => this.reload(true).catch(() => undefined), this.freshMs / 2);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The current snapshot (see the module's note for how fresh). */
  state(): AccessState | Promise<AccessState> {
    const s = this.snapshot;
    if (s && Date.now() - s.at < this.freshMs) return s.state;
    return this.reload();
  }

  private reload(joinAny = false): Promise<AccessState> {
    const generation = this.generation;
    const started = Date.now();
    // A request joins a reload under way only if it began within `freshMs`: one that began earlier (a stalled engine)
    // may answer rules from before a revocation, so a new one starts.
    if (this.loading?.generation === generation && (joinAny || started - this.loading.started < this.freshMs)) return this.loading.state;
    const state = this.source.all().then((docs) => {
      const fresh = new AccessState(docs as AccessDocs, this.defaultRole);
      if (this.generation === generation) this.snapshot = { state: fresh, at: started };
      return fresh;
    });
    this.loading = { generation, started, state };
    const clear = () => {
      if (this.loading?.state === state) this.loading = undefined;
    };
    state.then(clear, clear);
    return state;
  }

  /** After a change of the access index through this process: the next decision reads it again. */
  invalidate(): void {
    this.generation++;
    if (!this.unrestricted) this.snapshot = undefined;
  }

  async decide(actor: string, privilege: Privilege, resource: Resource = {}): Promise<Decision> {
    return (await this.state()).decide(actor, privilege, resource);
  }

  /** Throws FORBIDDEN (403) naming the missing privilege and what decided, unless `actor` may. */
  async authorize(actor: string, privilege: Privilege, resource: Resource = {}, what?: string): Promise<void> {
    refuseUnless((await this.state()).decide(actor, privilege, resource), actor, what);
  }

  /** Every right at once (a write's changes): the first refused one refuses them all. */
  async authorizeAll(actor: string, rights: readonly Right[], label?: string): Promise<void> {
    if (rights.length === 0) return;
    const state = await this.state();
    for (const r of rights) refuseUnless(state.decide(actor, r.privilege, r.resource), actor, r.what, label);
  }

  /**
   * Whether the actor could do anything of the kind at all, decided before a request's body is read: a caller that no
   * role or policy lets read (or change anything) is refused whatever it sent.
   */
  async gate(actor: string, kind: 'read' | 'write'): Promise<void> {
    const state = await this.state();
    if (kind === 'read') return refuseUnless(state.decide(actor, 'VIEW_METADATA'), actor);
    if (WRITE_PRIVILEGES.some((p) => state.decide(actor, p).allowed)) return;
    throw forbidden(`${actor} may not change anything: no role or policy grants any of ${WRITE_PRIVILEGES.join(', ')}`, { privilege: 'EDIT_ENTITY', privileges: WRITE_PRIVILEGES });
  }
}

function refuseUnless(d: Decision, actor: string, what?: string, label?: string): void {
  if (d.allowed) return;
  const on = what ? ` for ${what}` : '';
  throw forbidden(`${label ? `${label}: ` : ''}${actor} lacks the privilege ${d.privilege}${on}: ${describeDecision(d)}`, { privilege: d.privilege, decidedBy: d.decidedBy });
}
