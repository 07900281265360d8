# PostgreSQL from Debian bookworm's packages (15; docker-compose.yml names postgres:17 from the registry), with an
# entrypoint that takes the same settings as the postgres image: POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB,
# the data in /var/lib/postgresql/data, `postgres -c …` as the command.
FROM crm-base:bookworm
RUN mkdir -p /etc/postgresql-common \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint.sh"]
CMD ["postgres"]
