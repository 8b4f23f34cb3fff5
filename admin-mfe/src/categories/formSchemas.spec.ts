import { categorySchema } from './CategoryFormDialog.js';
import { subcategorySchema } from './SubcategoryFormDialog.js';

const errorsOf = async (schema: typeof categorySchema | typeof subcategorySchema, values: object) => {
  try {
    await schema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('SPEC §5 category / subcategory forms', () => {
  it('category: name, description and icon are required (blank counts as missing)', async () => {
    expect(await errorsOf(categorySchema, { name: ' ', description: '', icon: '' })).toEqual(['Name is required', 'Description is required', 'Icon is required']);
    expect(await errorsOf(categorySchema, { name: 'Imaging', description: 'Cameras', icon: 'fa-x-ray' })).toEqual([]);
  });

  it('subcategory: name, description and parent category are required', async () => {
    expect(await errorsOf(subcategorySchema, { name: '', description: '', category_id: '' })).toEqual(['Name is required', 'Description is required', 'Parent category is required']);
    expect(await errorsOf(subcategorySchema, { name: 'Sensors', description: 'Digital', category_id: 1 })).toEqual([]);
  });
});
