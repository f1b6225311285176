/**
 * Rules for the `labelPropagation` aspect on every write path: setting, changing or removing a rule records the
 * propagation job for its label before the write lands (a crash in between leaves a job that finds its work done).
 */
import { enqueuePropagation } from '../propagation/propagation-job.js';
import type { LabelKind } from '../propagation/label-values.js';
import type { AspectHook, AspectWriteContext } from '../catalog-deps.js';

const record = (ctx: AspectWriteContext) => enqueuePropagation(ctx.services, { kind: ctx.doc.entityType as LabelKind, label: ctx.urn, actor: ctx.actor });

export const labelPropagationHook: AspectHook = {
  async validate(ctx) {
    await record(ctx);
  },
  async validateDelete(ctx) {
    await record(ctx);
  },
};
