# A throw-away PostgreSQL cluster with PostGIS for the tests (destinations, inputs and the
# shared ledger in PostgreSQL). Included from the Makefile.
#
#   make pg-start   install Debian's postgresql and postgis if missing, create the cluster
#                   under build/pg (once) and start it on 127.0.0.1:$(PG_PORT)
#   make pg-stop    stop it
#
# The cluster trusts local connections and listens on loopback only: it holds test data.
# initdb refuses to run as root, so as root it runs as Debian's `postgres` user (if that user cannot
# reach the clone's build/, e.g. under a private home, build/pg links to a folder in /tmp). TCP only.
# The tests find it through DP_GEOPRIVACY_TEST_PG (a libpq connection string); the QGIS 3.40
# root (trixie) shares the host's network, so its tests reach the same server over TCP.

PG_PORT ?= 55432
PG_DIR := $(CURDIR)/build/pg
PG_DB := dp_geoprivacy_test
PG_APT_PACKAGES := postgresql postgresql-15-postgis-3
PG_CONN := host=127.0.0.1 port=$(PG_PORT) dbname=$(PG_DB) user=postgres
PG_AS = $$( [ "$$(id -u)" = 0 ] && echo runuser -u postgres -- )
PG_BIN = $$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
# The cluster's folder as the postgres user sees it (build/pg may be a link).
PG_REAL = $$(readlink -f $(PG_DIR))

.PHONY: pg-start pg-stop

pg-start:
	@missing=$$(for p in $(PG_APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@mkdir -p $(dir $(PG_DIR)); \
	if [ "$$(id -u)" != 0 ]; then mkdir -p $(PG_DIR); \
	else [ -e $(PG_DIR) ] || { mkdir -p $(PG_DIR) && chown postgres: $(PG_DIR); }; \
		if ! runuser -u postgres -- test -w "$$(readlink -f $(PG_DIR))/."; then \
			echo "build/pg: the postgres user cannot reach $(PG_DIR); the cluster goes to /tmp (linked)"; \
			alt=$$(mktemp -d /tmp/dp_geoprivacy-pg.XXXXXX) && chown postgres: $$alt && \
			rm -rf --one-file-system $(PG_DIR) && ln -s $$alt $(PG_DIR); fi; fi
	@[ -f $(PG_DIR)/data/PG_VERSION ] || $(PG_AS) $(PG_BIN)/initdb -D $(PG_REAL)/data -A trust -U postgres \
		--no-sync -E UTF8 >$(PG_DIR)/initdb.log 2>&1 || { cat $(PG_DIR)/initdb.log; exit 1; }
	@$(PG_AS) $(PG_BIN)/pg_ctl -D $(PG_REAL)/data status >/dev/null 2>&1 || \
		$(PG_AS) $(PG_BIN)/pg_ctl -D $(PG_REAL)/data -l $(PG_REAL)/server.log -w -s start \
		-o "-p $(PG_PORT) -c unix_socket_directories= -c listen_addresses=127.0.0.1 -c fsync=off" \
		|| { tail -20 $(PG_DIR)/server.log; exit 1; }
	@psql -h 127.0.0.1 -p $(PG_PORT) -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$(PG_DB)'" \
		| grep -q 1 || psql -q -h 127.0.0.1 -p $(PG_PORT) -U postgres -d postgres -c 'CREATE DATABASE $(PG_DB)'
	@psql -q -h 127.0.0.1 -p $(PG_PORT) -U postgres -d $(PG_DB) -c 'CREATE EXTENSION IF NOT EXISTS postgis' 2>&1 \
		| grep -v 'already exists' || true

pg-stop:
	@[ ! -f $(PG_DIR)/data/PG_VERSION ] || $(PG_AS) $(PG_BIN)/pg_ctl -D $(PG_REAL)/data -m fast -w -s stop \
		2>/dev/null || true
