// One rule for the client's banner and the server's first paint of it (server/web/first-screen.ts).
export { OVERVIEW_ELLIPSIS, OVERVIEW_LIMITS, truncateOverview } from '../../../shared/catalogue/overview-cut';
