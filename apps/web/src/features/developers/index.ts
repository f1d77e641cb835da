/** Developers' face: the API keys card an admin sees on a person's page. */
export { AdminApiKeysCard } from './components/admin-api-keys-card';
