# One image for every role (ROLE=api|worker); see docker-compose.yml and README "Running in production".
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
# npm install, not npm ci: the lock file records only one platform's optional packages (see .ci/run).
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev
ENV NODE_ENV=production
EXPOSE 3000
CMD ["node", "apps/server/dist/main.js"]
