/** /ui/access: who may do what — roles, groups and members, policies, service accounts (MANAGE_POLICIES). */
import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import * as api from '../api/access-control';

const EXAMPLE = JSON.stringify(
  { name: 'PII stewards', privileges: ['EDIT_ENTITY_PROPERTIES', 'EDIT_ENTITY_TAGS', 'EDIT_DATASET_COL_TAGS'], actors: { groups: ['urn:li:corpGroup:privacy'] }, resources: { entityTypes: ['dataset', 'schemaField'], propertyUrns: ['io.acme.privacy.*'], tagUrns: ['pii.*'] } },
  null,
  2,
);
const input = (e: Event) => (e.target as HTMLInputElement).value;

export function AccessPage() {
  const [roles, setRoles] = useState<api.Role[]>([]);
  const [groups, setGroups] = useState<api.Group[]>([]);
  const [policies, setPolicies] = useState<api.Policy[]>([]);
  const [accounts, setAccounts] = useState<api.ServiceAccount[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [binding, setBinding] = useState({ actor: '', role: 'Editor' });
  const [group, setGroup] = useState({ id: '', name: '' });
  const [member, setMember] = useState<Record<string, string>>({});
  const [policy, setPolicy] = useState(EXAMPLE);
  const [account, setAccount] = useState('');

  const reload = async () => {
    const [r, g, p, s] = await Promise.all([api.listRoles(), api.listGroups(), api.listPolicies(), api.listServiceAccounts()]);
    setRoles(r);
    setGroups(g);
    setPolicies(p);
    setAccounts(s);
  };
  /** Runs one change, then shows the new state; the API's refusal is shown as it is worded. */
  const attempt = (work: () => Promise<unknown>) => (e?: Event) => {
    e?.preventDefault();
    setError(null);
    work()
      .then(reload)
      .catch((err) => setError(messageOf(err)));
  };
  useEffect(() => void reload().catch((err) => setError(messageOf(err))), []);

  let parsed: unknown;
  let policyProblem: string | null = null;
  try {
    parsed = JSON.parse(policy);
  } catch (e) {
    policyProblem = `Not JSON: ${(e as Error).message}`;
  }

  return (
    <section class="access-page">
      <h1>Access</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <h2>Roles</h2>
      <table>
        <thead>
          <tr>
            <th>Role</th>
            <th>Bound to</th>
            <th>Privileges</th>
          </tr>
        </thead>
        <tbody>
          {roles.map((r) => (
            <tr key={r.name}>
              <td>{r.name}</td>
              <td>{r.actors.join(', ') || '—'}</td>
              <td class="hint">{r.privileges.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form class="inline-form" onSubmit={attempt(() => api.assignRole(binding.role === 'none' ? null : binding.role, [binding.actor.trim()]))}>
        <label>
          User or group <input required placeholder="urn:li:corpuser:jane" value={binding.actor} onInput={(e) => setBinding({ ...binding, actor: input(e) })} />
        </label>
        <label>
          Role
          <select value={binding.role} onChange={(e) => setBinding({ ...binding, role: input(e) })}>
            {['Admin', 'Editor', 'Reader', 'none'].map((r) => (
              <option key={r} value={r}>
                {r === 'none' ? 'none (the default role)' : r}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Bind</button>
      </form>

      <h2>Groups</h2>
      <ul class="groups">
        {groups.map((g) => (
          <li key={g.urn} data-testid="group">
            <strong>{g.name}</strong> <code>{g.urn}</code>{' '}
            <button type="button" class="link" onClick={attempt(() => api.deleteGroup(g.urn))}>
              Delete group
            </button>
            <ul>
              {g.members.map((m) => (
                <li key={m}>
                  {m}{' '}
                  <button type="button" class="link" aria-label={`Remove ${m} from ${g.name}`} onClick={attempt(() => api.removeMember(g.urn, m))}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
            <form class="inline-form" onSubmit={attempt(() => api.addMember(g.urn, (member[g.urn] ?? '').trim()))}>
              <label>
                Add member to {g.name} <input required placeholder="urn:li:corpuser:jane" value={member[g.urn] ?? ''} onInput={(e) => setMember({ ...member, [g.urn]: input(e) })} />
              </label>
              <button type="submit">Add</button>
            </form>
          </li>
        ))}
      </ul>
      <form class="inline-form" onSubmit={attempt(() => api.createGroup(group.id.trim(), group.name.trim() || undefined))}>
        <label>
          New group id <input required value={group.id} onInput={(e) => setGroup({ ...group, id: input(e) })} />
        </label>
        <label>
          Name <input value={group.name} onInput={(e) => setGroup({ ...group, name: input(e) })} />
        </label>
        <button type="submit">Create group</button>
      </form>

      <h2>Policies</h2>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Effect</th>
            <th>Privileges</th>
            <th>Actors</th>
            <th>Resources</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {policies.map((p) => (
            <tr key={p.urn} data-testid="policy">
              <td>{p.name}</td>
              <td>
                {p.effect}
                {p.state === 'INACTIVE' && ' (inactive)'}
              </td>
              <td>{p.privileges.join(', ')}</td>
              <td>{[p.actors.allUsers && 'all users', ...(p.actors.users ?? []), ...(p.actors.groups ?? []), ...(p.actors.roles ?? [])].filter(Boolean).join(', ')}</td>
              <td class="hint">
                {Object.entries(p.resources ?? {})
                  .map(([k, v]) => `${k}: ${(v ?? []).join(', ')}`)
                  .join('; ') || 'everything'}
              </td>
              <td>
                <button type="button" class="link" aria-label={`Delete policy ${p.name}`} onClick={attempt(() => api.deletePolicy(p.urn))}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form onSubmit={attempt(() => api.createPolicy(parsed))}>
        <label for="policy-json">New policy (JSON)</label>
        <textarea id="policy-json" rows={10} value={policy} onInput={(e) => setPolicy((e.target as HTMLTextAreaElement).value)} />
        {policyProblem && <p class="error">{policyProblem}</p>}
        <button type="submit" disabled={policyProblem !== null}>
          Create policy
        </button>
      </form>

      <h2>Service accounts</h2>
      <ul>
        {accounts.map((s) => (
          <li key={s.urn}>
            <code>{s.urn}</code> {s.description}
          </li>
        ))}
      </ul>
      <form class="inline-form" onSubmit={attempt(() => api.createServiceAccount(account.trim()))}>
        <label>
          New service account id <input required pattern="[a-z0-9][a-z0-9_-]{0,62}" value={account} onInput={(e) => setAccount(input(e))} />
        </label>
        <button type="submit">Create service account</button>
      </form>
      <p class="hint">Issue a service account's token on the Tokens page (actor: its urn); it outlives the person who made it.</p>
    </section>
  );
}
