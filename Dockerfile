# syntax=docker/dockerfile:1
# Verified Athlete: one image for every replica (README "Deploy", decision 161).
#   build    all dependencies, `npm run build` (web to dist/web, server and CLI to dist/server)
#   deps     production dependencies only
#   runtime  node + ffmpeg, the build, the migrations and the school directory; runs as `node`

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# Google Analytics is compiled into the web app: pass it at build time if you use it.
ARG VITE_GA_MEASUREMENT_ID=""
ENV VITE_GA_MEASUREMENT_ID=${VITE_GA_MEASUREMENT_ID}
RUN npm run build

FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM base AS runtime
# Debian's ffmpeg and ffprobe (thumbnails, durations, the measurement clips) are found on PATH first.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data \
    TRUST_PROXY=true
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/dist ./dist
# The bundle reads these next to where their sources were (scripts/build-server.mjs, decision 083).
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/server/seed/schools-directory.tsv.gz /app/server/seed/schools-supplement.tsv ./server/seed/
COPY --from=build /app/server/modules/measurements/tracking/warm-up.mp4 ./server/modules/measurements/tracking/
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# main.ts handles SIGTERM itself (requests in flight finish, then exit 0).
CMD ["node", "dist/server/main.js"]
