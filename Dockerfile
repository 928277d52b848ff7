# The business API for a central deployment (`npm run server`), used by docker-compose.yml.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY protocol/package.json protocol/
COPY server/package.json server/
COPY bridge/package.json bridge/
COPY web/package.json web/
RUN npm ci --omit=dev
COPY protocol protocol
COPY server server
COPY tsconfig.base.json ./
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
EXPOSE 8080
CMD ["npm", "run", "server"]
