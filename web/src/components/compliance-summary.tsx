/**
 * One property's compliance in a line — "7 of 10 comply · 3 missing · 0 invalid" — with "missing" and "invalid"
 * linked to the search page filtered to those entities.
 */
import { Fragment } from 'preact';
import type { PropertyCompliance } from '../api/property-rules';
import { Link } from '../router';
import { complianceLinks } from '../search/compliance-links';

interface Props {
  report: PropertyCompliance;
  /** The property's name, for the links' accessible names. */
  name: string;
  allowedPlatforms?: readonly string[];
}

function Count({ n, state, props }: { n: number; state: 'missing' | 'invalid'; props: Props }) {
  const text = `${n} ${state}`;
  const links = n > 0 ? complianceLinks(props.report, state, props.allowedPlatforms) : [];
  if (links.length === 0) return <span data-state={state}>{text}</span>;
  if (links.length === 1) {
    return (
      <Link to={links[0].to} class={`compliance-${state}`} aria-label={`${props.name}: ${text}`}>
        {text}
      </Link>
    );
  }
  // Several entity types: the page searches one at a time, so one link per type.
  return (
    <span data-state={state}>
      {text} (
      {links.map((l, i) => (
        <Fragment key={l.type.id}>
          {i > 0 && ', '}
          <Link to={l.to} class={`compliance-${state}`} aria-label={`${props.name}: ${text}, ${l.type.label}`}>
            {l.type.label}
          </Link>
        </Fragment>
      ))}
      )
    </span>
  );
}

const hasValueRules = (r: PropertyCompliance) =>
  (['min', 'max', 'pattern', 'minLength', 'maxLength', 'after', 'before', 'minCount', 'maxCount'] as const).some((k) => r.constraints?.[k] !== undefined);

export function ComplianceSummary(props: Props) {
  const r = props.report;
  if (r.required) {
    return (
      <span class="compliance-line">
        {r.compliant} of {r.applicable} comply · <Count n={r.missing} state="missing" props={props} /> · <Count n={r.invalid} state="invalid" props={props} />
      </span>
    );
  }
  const withValue = r.compliant + r.invalid;
  if (hasValueRules(r)) {
    return (
      <span class="compliance-line">
        {r.compliant} of {withValue} with a value comply · <Count n={r.invalid} state="invalid" props={props} />
      </span>
    );
  }
  // No rules: every value complies; how many have one comes with the same report.
  return (
    <span class="compliance-line">
      —{' '}
      <span class="hint">
        {withValue} of {r.applicable} have a value
      </span>
    </span>
  );
}
