import type { ReactNode } from 'react';
import { ClassNames, css, type SerializedStyles } from '@emotion/react';
import { useTheme, type CSSObject, type Theme } from '@mui/material';

/**
 * Styles made once per theme for a part a page renders many times (a listing's cards, their
 * ratings): the part's root gets one class and its elements are plain elements styled by class
 * names under it. Each MUI component or `sx` prop instead does its own style work on every render
 * (resolving the theme, serialising and hashing its CSS): two dozen cards of a dozen components
 * each was most of a server render's time (issue 20).
 */
export function themedStyles(make: (theme: Theme) => CSSObject): (theme: Theme) => SerializedStyles {
  const made = new WeakMap<Theme, SerializedStyles>();
  return (theme) => {
    let styles = made.get(theme);
    if (!styles) {
      styles = css(make(theme) as Parameters<typeof css>[0]);
      made.set(theme, styles);
    }
    return styles;
  };
}

/**
 * Renders `children` with the class of `styles` for the current theme. Emotion inserts the styles
 * once (on the server they go into the page's critical CSS like any other Emotion style).
 */
export function WithThemedClass({ styles, children }: { styles: (theme: Theme) => SerializedStyles; children: (className: string) => ReactNode }) {
  const theme = useTheme();
  return <ClassNames>{({ css: classOf }) => children(classOf(styles(theme)))}</ClassNames>;
}
