export { httpSourceI18n } from './i18n';
