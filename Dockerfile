# syntax=docker/dockerfile:1
# Retainkit's container image (docs/operations.md). Two stages: the build (dev dependencies, the front
# ends and the server bundle) and the runtime (only what scripts/container/stage.mjs stages: the
# bundle, PGlite, migrations, built front ends), run as the unprivileged `node` user.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY . .
# Scripts off during the install: the build runs once, explicitly, below.
RUN npm ci --ignore-scripts --no-audit --no-fund \
  && node scripts/build.mjs \
  && node scripts/container/stage.mjs /stage

FROM node:24-bookworm-slim AS runtime
ARG RETAINKIT_COMMIT=unknown
# The allocator settings and Node flags are scripts/server-command.mjs's (what `npm start` runs);
# scripts/container.test.ts fails when they drift apart.
ENV NODE_ENV=production \
    PORT=8787 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    RETAINKIT_COMMIT=${RETAINKIT_COMMIT}
WORKDIR /app
COPY --from=build --chown=node:node /stage /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8787
# Liveness only: readiness (/readyz) is the orchestrator's business (compose.yaml, Kubernetes).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is PID 1 and handles SIGTERM: it stops accepting, drains in-flight requests and webhook
# attempts, closes the database and exits 0 (within 10 s; give `docker stop` more than that).
STOPSIGNAL SIGTERM
CMD ["node", "--expose-gc", "server/dist/index.mjs"]
