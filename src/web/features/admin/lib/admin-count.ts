// The rule lives in the contract, so the dashboard's fields and the API read a typed count alike.
export { parseAdminCount } from '@contract/admin';
