import { dataOf, type Services } from '../../services/api';
import type { WizardWriter } from './run-wizard';

/** The writer of a wizard on the controller `serviceId`: its REST API for the blocks, the datastore's for the documents. */
export function wizardWriter(services: Services, serviceId: string): WizardWriter {
  const controller = services.controller(serviceId);
  return {
    blockIds: async () => (await dataOf(controller.POST('/blocks/all/read'))).map(({ id }) => id),
    createBlock: async (block) => {
      await dataOf(controller.POST('/blocks/create', { body: { ...block, serviceId } }));
    },
    deleteBlock: async (id) => {
      await dataOf(controller.POST('/blocks/delete', { body: { id } }));
    },
    saveDocument: async (document) => {
      await dataOf(services.datastore.POST('/set', { body: { value: document } }));
    },
    deleteDocument: async ({ namespace, id }) => {
      await dataOf(services.datastore.POST('/delete', { body: { namespace, id } }));
    },
  };
}
