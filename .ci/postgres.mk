# A throw-away PostgreSQL cluster with PostGIS for the tests (destinations, inputs and the
# shared ledger in PostgreSQL). Included from the Makefile.
#
#   make pg-start   install Debian's postgresql and postgis if missing, create the cluster
#                   under build/pg (once) and start it on 127.0.0.1:$(PG_PORT)
#   make pg-stop    stop it
#
# The cluster trusts local connections and listens on loopback only: it holds test data.
# initdb refuses to run as root, so as root it runs as Debian's `postgres` user.
# The tests find it through DP_GEOPRIVACY_TEST_PG (a libpq connection string); the QGIS 3.40
# root (trixie) shares the host's network, so its tests reach the same server over TCP.

PG_PORT ?= 55432
PG_DIR := $(CURDIR)/build/pg
PG_DB := dp_geoprivacy_test
PG_APT_PACKAGES := postgresql postgresql-15-postgis-3
PG_CONN := host=127.0.0.1 port=$(PG_PORT) dbname=$(PG_DB) user=postgres
PG_AS = $$( [ "$$(id -u)" = 0 ] && echo runuser -u postgres -- )
PG_BIN = $$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)

.PHONY: pg-start pg-stop

pg-start:
	@missing=$$(for p in $(PG_APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@mkdir -p $(PG_DIR) && { [ "$$(id -u)" != 0 ] || chown postgres: $(PG_DIR); }
	@[ -f $(PG_DIR)/data/PG_VERSION ] || $(PG_AS) $(PG_BIN)/initdb -D $(PG_DIR)/data -A trust -U postgres \
		--no-sync -E UTF8 >$(PG_DIR)/initdb.log 2>&1 || { cat $(PG_DIR)/initdb.log; exit 1; }
	@$(PG_AS) $(PG_BIN)/pg_ctl -D $(PG_DIR)/data status >/dev/null 2>&1 || \
		$(PG_AS) $(PG_BIN)/pg_ctl -D $(PG_DIR)/data -l $(PG_DIR)/server.log -w -s start \
		-o "-p $(PG_PORT) -k $(PG_DIR) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100" \
		|| { tail -20 $(PG_DIR)/server.log; exit 1; }
	@psql -h 127.0.0.1 -p $(PG_PORT) -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$(PG_DB)'" \
		| grep -q 1 || psql -q -h 127.0.0.1 -p $(PG_PORT) -U postgres -d postgres -c 'CREATE DATABASE $(PG_DB)'
	@psql -q -h 127.0.0.1 -p $(PG_PORT) -U postgres -d $(PG_DB) -c 'CREATE EXTENSION IF NOT EXISTS postgis' 2>&1 \
		| grep -v 'already exists' || true

pg-stop:
	@[ ! -f $(PG_DIR)/data/PG_VERSION ] || $(PG_AS) $(PG_BIN)/pg_ctl -D $(PG_DIR)/data -m fast -w -s stop \
		2>/dev/null || true
