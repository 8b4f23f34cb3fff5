# One build stage for the whole workspace; one small image per deployable (api, shell, each remote).
# Node 24 LTS (Node 20 reached end of life on 2026-04-30; the API refuses Node < 22).
FROM node:24-bookworm-slim AS build
WORKDIR /app
# the commit each frontend's mf-manifest.json names (.git stays out of the context):
# docker build --build-arg BUILD_COMMIT=$(git rev-parse --short=12 HEAD) …
ARG BUILD_COMMIT=unknown
ENV BUILD_COMMIT=$BUILD_COMMIT
COPY . .
RUN npm ci --no-audit --no-fund && npx nx run-many -t build --outputStyle=static

# The API. It also serves the built frontends, so this image alone is the whole product.
# It expects DATABASE_URL (the embedded PostgreSQL is for a developer's machine, not for a container).
FROM node:24-bookworm-slim AS api
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
# what the image keeps at run time: deploy/api-image.sh (backend/test/api-image.spec.ts runs the same script)
RUN sh deploy/api-image.sh \
 && mkdir -p /var/lib/dentalmarket && chown node:node /var/lib/dentalmarket
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]

FROM nginx:1.27-alpine AS shell
COPY deploy/nginx/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY deploy/nginx/shell.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/shell/dist /usr/share/nginx/html

FROM nginx:1.27-alpine AS storefront
COPY deploy/nginx/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY deploy/nginx/remote.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/storefront-mfe/dist /usr/share/nginx/html

FROM nginx:1.27-alpine AS checkout
COPY deploy/nginx/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY deploy/nginx/remote.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/checkout-mfe/dist /usr/share/nginx/html

FROM nginx:1.27-alpine AS admin
COPY deploy/nginx/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY deploy/nginx/remote.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/admin-mfe/dist /usr/share/nginx/html
