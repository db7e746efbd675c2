// The real server started as a child process, a free port for it and a small JSON client: what bench/ and
// e2e/ use to run the server as an operator would, imported as `@greenpod/server/testing`.

// Debian's Mosquitto set up as README "An external Mosquitto" describes (bench/instances).
export { type ReadmeMosquitto, startReadmeMosquitto } from '../mosquitto-process';
// A throwaway PostgreSQL cluster (bench without DATABASE_URL; server tests that stop and start PostgreSQL).
export { type PgCluster, pgBinDir, startPgCluster } from '../pg-cluster';
export { apiClient, areaOverApi, createdOverApi, freePort, startServerProcess } from '../server-process';
