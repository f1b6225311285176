/** DataJob.dataPlatformInstance: the instance its dataPlatformInstance aspect names, presented as the DataPlatformInstance entity (entity-details.ts). */
import type { DataPlatformInstance } from '../../model/aspects/data-platform-instance.js';
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';

export const platformInstanceResolvers = {
  DataJob: {
    // The presented instance is read from its URN (its platform is the URN's first part): an aspect naming only a
    // platform names no instance to present.
    dataPlatformInstance: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const instance = (await ctx.loader.aspect<DataPlatformInstance>(ref.urn, 'dataPlatformInstance'))?.instance;
      return instance ? refOf(instance) : null;
    },
  },
};
