import { dataSourceForms, defineClientPlugin } from '@sensorium/core/client';
import { manifest } from '../manifest';
import { CrawlerForm } from './form';
import { crawlerI18n } from '../common/i18n';
import { initialValue, validate } from './rules';

/** The Crawler data source's part of the add-item wizard (node spec 2.11, 3.2). */
export default defineClientPlugin({
  manifest,
  i18n: crawlerI18n,
  register(context) {
    context.contribute(dataSourceForms, {
      type: 'crawler',
      titleKey: 'crawler.form.title',
      component: CrawlerForm,
      order: 80,
      initialValue,
      validate,
    });
  },
});
