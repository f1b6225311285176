# Tessera as a container: build the TypeScript once, then run the compiled dist/ with plain node as a non-root user.
# Base image pinned to an exact Node release (bump deliberately; the tests check it is never a floating tag).
FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Scripts run after the sources are in (the prepare script builds); dev dependencies are needed to compile.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.20.2-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    TESSERA_DATA_DIR=/var/lib/tessera
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/mappings ./mappings
COPY --from=build --chown=root:root /app/src/graphql/schema ./src/graphql/schema
RUN mkdir -p /var/lib/tessera && chown node:node /var/lib/tessera
# The image's unprivileged user (uid 1000); the application files stay owned by root and read-only to it.
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
