FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY . .
# The offline embedding model is built once into the image (20-30 s), not by every container at start;
# docker-compose.yml points EMBEDDING_MODEL at it.
RUN node --import tsx scripts/buildEmbeddingModel.ts --out /app/models/wink-sg-100d
ENV NODE_ENV=production PORT=8080
EXPOSE 8080 8081
CMD ["npm", "start"]
