/**
 * Style shapes that many components share, spread into their `style({...})`: a flex column or row
 * with a gap, a bare list, one line of text cut with an ellipsis, a round picture.
 */
export const flexColumn = (gap?: string) =>
  ({ display: 'flex', flexDirection: 'column', ...(gap ? { gap } : {}) }) as const;

/** Items centred across, `between` pushing the first and the last to the ends. */
export const flexRow = (gap?: string, between = false) =>
  ({
    display: 'flex',
    alignItems: 'center',
    ...(between ? { justifyContent: 'space-between' } : {}),
    ...(gap ? { gap } : {}),
  }) as const;

export const bareList = { listStyle: 'none', margin: 0, padding: 0 } as const;

export const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** A round picture (or its initials, centred) of `size`, never squeezed in a row; an image fills it. */
export const round = (size: string) =>
  ({
    width: size,
    height: size,
    borderRadius: '50%',
    flexShrink: 0,
    objectFit: 'cover',
    display: 'grid',
    placeItems: 'center',
  }) as const;
