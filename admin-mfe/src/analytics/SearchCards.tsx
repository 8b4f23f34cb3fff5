import type { SearchTermsReport } from '@dentalmarket/contracts';
import { useGetSearchTermsQuery } from './analyticsApi.js';
import { AnalyticsCard, QueryStates } from './AnalyticsCard.js';
import { count } from './analyticsFormat.js';
import type { DayRange } from './analyticsRange.js';
import { FigureTable } from './FigureTable.js';

type Top = SearchTermsReport['top'][number];
type NoResults = SearchTermsReport['no_results'][number];

/** 'Top searches': the range's most searched terms (normalised: lower case, single spaces) and how often each found nothing. */
export function TopSearchesCard({ range }: { range: DayRange }) {
  const query = useGetSearchTermsQuery(range);
  return (
    <AnalyticsCard title="Top searches">
      <QueryStates query={query} what="top searches" empty="No searches in this range." isEmpty={(data) => data.top.length === 0}>
        {(data) => (
          <FigureTable<Top>
            caption="The most searched terms, most first"
            columns={[
              { header: 'Term', cell: (t) => t.term },
              { header: 'Searches', numeric: true, cell: (t) => count(t.searches) },
              { header: 'No results', numeric: true, cell: (t) => count(t.zero_results) },
            ]}
            rows={data.top}
            rowKey={(t) => t.term}
          />
        )}
      </QueryStates>
    </AnalyticsCard>
  );
}

/** 'Searches with no results': what shoppers looked for and did not find, the catalogue's gaps. Same answer as 'Top searches' (one request). */
export function NoResultsCard({ range }: { range: DayRange }) {
  const query = useGetSearchTermsQuery(range);
  return (
    <AnalyticsCard title="Searches with no results">
      <QueryStates query={query} what="searches with no results" empty="No searches without results in this range." isEmpty={(data) => data.no_results.length === 0}>
        {(data) => (
          <FigureTable<NoResults>
            caption="Terms that found nothing, most often first"
            columns={[
              { header: 'Term', cell: (t) => t.term },
              { header: 'Searches', numeric: true, cell: (t) => count(t.searches) },
            ]}
            rows={data.no_results}
            rowKey={(t) => t.term}
          />
        )}
      </QueryStates>
    </AnalyticsCard>
  );
}
