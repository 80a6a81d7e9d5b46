import type { ResourceKind } from '@cohort/api';
import type { ListFilterKey } from './filters.ts';

export interface FilterSection {
  key: ListFilterKey;
  kind: ResourceKind;
  label: string;
  placeholder: string;
}

export interface FilterRow {
  label: string;
  /** What the row's panel offers; the Keywords row has none (it takes free text). */
  sections: FilterSection[];
}

const section = (key: ListFilterKey, kind: ResourceKind, label: string, placeholder = 'Search '): FilterSection => ({
  key,
  kind,
  label,
  placeholder,
});

/** The directory's filter rows, in screen order; each opens a panel with options from the resource endpoint. */
export const FILTER_ROWS: FilterRow[] = [
  { label: 'Class of...', sections: [section('class_of', 'Graduation', 'Class of', 'Select Year')] },
  { label: 'University', sections: [section('university', 'University', 'University')] },
  { label: 'University Program', sections: [section('program', 'Program', 'University Program')] },
  { label: 'Major/Concentration', sections: [section('major', 'Major', 'Major/Concentration')] },
  {
    label: 'Past/Current Company or Industry',
    sections: [section('company', 'Company', 'Company'), section('industry', 'Industry', 'Industry')],
  },
  { label: 'Desired or Future Industry', sections: [section('desired_industry', 'Industry', 'Desired Industry')] },
  { label: 'Clubs And Societies', sections: [section('club', 'Club', 'Clubs And Societies')] },
  { label: 'Interests', sections: [section('interest', 'Interest', 'Interests')] },
  { label: 'Keywords', sections: [] },
  { label: 'Location', sections: [section('location', 'Location', 'Location')] },
];
