/** /ui/tokens: your stored access tokens (everyone's for an administrator); issue one, shown once; revoke. */
import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { DURATIONS, issueToken, listTokens, revokeToken, whoAmI, type AccessToken } from '../api/access-tokens';

const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString());
const label = (d: string) => d.toLowerCase().replace(/_/g, ' ');

export function TokensPage() {
  const [me, setMe] = useState<string | null>(null);
  const [all, setAll] = useState(false);
  const [tokens, setTokens] = useState<AccessToken[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ token: string; name: string } | null>(null);
  const [form, setForm] = useState({ name: '', description: '', duration: 'ONE_MONTH', actorUrn: '' });

  /** Runs one of the page's calls, showing the API's message when it fails. */
  const attempt = (work: () => Promise<void>) => work().catch((e) => setError(messageOf(e)));
  const reload = (who = me, everyone = all) => attempt(async () => setTokens((await listTokens(everyone ? undefined : (who ?? undefined))).tokens));
  useEffect(
    () =>
      void attempt(async () => {
        const actor = await whoAmI();
        setMe(actor);
        await reload(actor, false);
      }),
    [],
  );

  async function issue(e: Event) {
    e.preventDefault();
    setError(null);
    await attempt(async () => {
      const made = await issueToken({ actorUrn: form.actorUrn.trim() || me!, name: form.name, duration: form.duration, ...(form.description && { description: form.description }) });
      setIssued({ token: made.accessToken, name: made.metadata.name });
      setForm({ ...form, name: '', description: '' });
      await reload();
    });
  }

  async function revoke(t: AccessToken) {
    if (!confirm(`Revoke token ${t.name}? Every request that uses it is refused within a second.`)) return;
    await attempt(async () => {
      await revokeToken(t.id);
      await reload();
    });
  }

  return (
    <section class="tokens-page">
      <h1>Access tokens</h1>
      {me && <p class="hint">Signed in as {me}.</p>}
      <form class="token-form" onSubmit={issue}>
        <label>
          Name <input required maxLength={200} value={form.name} onInput={(e) => setForm({ ...form, name: (e.target as HTMLInputElement).value })} />
        </label>
        <label>
          Description <input maxLength={2000} value={form.description} onInput={(e) => setForm({ ...form, description: (e.target as HTMLInputElement).value })} />
        </label>
        <label>
          Lifetime
          <select value={form.duration} onChange={(e) => setForm({ ...form, duration: (e.target as HTMLSelectElement).value })}>
            {DURATIONS.map((d) => (
              <option key={d} value={d}>
                {label(d)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Acts as <input placeholder={me ?? 'urn:li:corpuser:…'} value={form.actorUrn} onInput={(e) => setForm({ ...form, actorUrn: (e.target as HTMLInputElement).value })} />
        </label>
        <button type="submit">Issue token</button>
      </form>
      {issued && (
        <div class="issued" role="status">
          <p>
            Token <strong>{issued.name}</strong>: copy it now, it is not shown again.
          </p>
          <input readOnly aria-label="The new token" value={issued.token} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          <button type="button" class="link" onClick={() => setIssued(null)}>
            Done
          </button>
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <label class="inline">
        <input
          type="checkbox"
          checked={all}
          onChange={(e) => {
            const everyone = (e.target as HTMLInputElement).checked;
            setAll(everyone);
            void reload(me, everyone);
          }}
        />{' '}
        Everyone's tokens (administrators)
      </label>
      {tokens && tokens.length === 0 && <p>No access tokens.</p>}
      {tokens && tokens.length > 0 && (
        <div class="table-scroll">
          <table class="token-list">
            <thead>
              <tr>
                <th>Name</th>
                <th>Acts as</th>
                <th>Made by</th>
                <th>Created</th>
                <th>Expires</th>
                <th>Last used</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id} data-token={t.id}>
                  <td>
                    {t.name}
                    {t.description && <div class="hint">{t.description}</div>}
                  </td>
                  <td>{t.actorUrn}</td>
                  <td>{t.ownerUrn}</td>
                  <td>{when(t.createdAt)}</td>
                  <td>{when(t.expiresAt)}</td>
                  <td>{when(t.lastUsedAt)}</td>
                  <td>
                    <button type="button" class="link danger" aria-label={`Revoke token ${t.name}`} onClick={() => revoke(t)}>
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
