// The real server started as a child process, a free port for it and a small JSON client: what bench/ and
// e2e/ use to run the server as an operator would, imported as `@greenpod/server/testing`.
export { apiClient, areaOverApi, createdOverApi, freePort, startServerProcess } from '../server-process';
