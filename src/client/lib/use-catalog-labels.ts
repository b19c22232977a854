import { useTranslation } from 'react-i18next';
import type { Plan } from '@common/catalog';
import { catalogLabels } from '@common/labels';

/** The catalogue's labels (categories, conditions, makes, models, plans) in the page's language. */
export function useCatalogLabels() {
  const { t } = useTranslation('common');
  const text = (key: string) => t(key);
  return {
    category: (category: string) => catalogLabels.category(category, text),
    condition: (condition: string) => catalogLabels.condition(condition, text),
    make: (make: string) => catalogLabels.make(make, text),
    model: (model: string) => catalogLabels.model(model, text),
    plan: (plan: Plan) => catalogLabels.plan(plan, text),
    /** Make and model as one line ("Nissan Silvia", "Otra marca · Universal"). */
    vehicle: (make: string, model: string) =>
      `${catalogLabels.make(make, text)} ${catalogLabels.model(model, text)}`,
  };
}
