import type { PracticeAddress, PracticeAddressCreate, PracticeAddressUpdate } from '@dentalmarket/contracts';
import { api, type DmExtraOptions } from '@dentalmarket/store';

const signedIn: DmExtraOptions = { sessionHandling: true };
const book = { type: 'PracticeAddress' as const, id: 'LIST' };

/**
 * The practice's address book (issue 36): read on the Practice page and at checkout, changed by
 * owners and purchasers. Injected into the one store's api by this remote.
 */
export const addressBookApi = api.enhanceEndpoints({ addTagTypes: ['PracticeAddress'] }).injectEndpoints({
  endpoints: (build) => ({
    getAddresses: build.query<PracticeAddress[], void>({
      query: () => '/practice/addresses',
      extraOptions: signedIn,
      providesTags: [book],
    }),
    createAddress: build.mutation<PracticeAddress, PracticeAddressCreate>({
      query: (body) => ({ url: '/practice/addresses', method: 'POST', body }),
      extraOptions: signedIn,
      invalidatesTags: [book],
    }),
    updateAddress: build.mutation<PracticeAddress, { id: number } & PracticeAddressUpdate>({
      query: ({ id, ...body }) => ({ url: `/practice/addresses/${id}`, method: 'PATCH', body }),
      extraOptions: signedIn,
      invalidatesTags: [book],
    }),
    deleteAddress: build.mutation<void, number>({
      query: (id) => ({ url: `/practice/addresses/${id}`, method: 'DELETE' }),
      extraOptions: signedIn,
      invalidatesTags: [book],
    }),
  }),
});

export const { useGetAddressesQuery, useCreateAddressMutation, useUpdateAddressMutation, useDeleteAddressMutation } = addressBookApi;

/** Who may change the book: owners and purchasers (assistants pick from it at checkout). */
export const managesAddressBook = (role: string | undefined) => role === 'owner' || role === 'purchaser';

/** An address on one line, as the checkout's select and the Practice page show it. */
export const addressLine = (a: Pick<PracticeAddress, 'full_name' | 'address' | 'city' | 'state' | 'zip_code'>) => `${a.full_name}, ${a.address}, ${a.city}, ${a.state} ${a.zip_code}`;
