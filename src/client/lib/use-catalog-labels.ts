import { useTranslation } from 'react-i18next';
import { catalogLabels } from '@common/labels';

/** The catalogue's labels (categories, conditions, makes, models) in the page's language. */
export function useCatalogLabels() {
  const { t } = useTranslation('common');
  const text = (key: string) => t(key);
  return {
    category: (category: string) => catalogLabels.category(category, text),
    condition: (condition: string) => catalogLabels.condition(condition, text),
    make: (make: string) => catalogLabels.make(make, text),
    model: (model: string) => catalogLabels.model(model, text),
    /** Make and model as one line ("Nissan Silvia", "Otra marca · Universal"). */
    vehicle: (make: string, model: string) =>
      `${catalogLabels.make(make, text)} ${catalogLabels.model(model, text)}`,
  };
}
