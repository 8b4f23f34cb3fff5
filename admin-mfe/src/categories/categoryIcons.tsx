import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import Biotech from '@mui/icons-material/Biotech';
import Build from '@mui/icons-material/Build';
import DocumentScanner from '@mui/icons-material/DocumentScanner';
import EmojiEmotions from '@mui/icons-material/EmojiEmotions';
import Folder from '@mui/icons-material/Folder';
import Handshake from '@mui/icons-material/Handshake';
import Inventory2 from '@mui/icons-material/Inventory2';
import MedicalServices from '@mui/icons-material/MedicalServices';
import MonitorHeart from '@mui/icons-material/MonitorHeart';
import SentimentSatisfiedAlt from '@mui/icons-material/SentimentSatisfiedAlt';
import SentimentVerySatisfied from '@mui/icons-material/SentimentVerySatisfied';
import Vaccines from '@mui/icons-material/Vaccines';

/** SPEC §3: a category's icon when none is chosen. */
export const DEFAULT_CATEGORY_ICON = 'fa-folder';

/**
 * The icon names a category may carry. The stored value stays a Font Awesome name (the storefront's
 * vocabulary); the admin previews each with the closest MUI icon.
 */
export const CATEGORY_ICONS: ReadonlyArray<{ value: string; label: string; Icon: ComponentType<SvgIconProps> }> = [
  { value: 'fa-folder', label: 'Folder', Icon: Folder },
  { value: 'fa-tooth', label: 'Tooth', Icon: SentimentSatisfiedAlt },
  { value: 'fa-x-ray', label: 'X-ray', Icon: DocumentScanner },
  { value: 'fa-syringe', label: 'Syringe', Icon: Vaccines },
  { value: 'fa-teeth', label: 'Teeth', Icon: EmojiEmotions },
  { value: 'fa-teeth-open', label: 'Teeth (open)', Icon: SentimentVerySatisfied },
  { value: 'fa-stethoscope', label: 'Stethoscope', Icon: MonitorHeart },
  { value: 'fa-microscope', label: 'Microscope', Icon: Biotech },
  { value: 'fa-tools', label: 'Tools', Icon: Build },
  { value: 'fa-briefcase-medical', label: 'Medical kit', Icon: MedicalServices },
  { value: 'fa-handshake', label: 'Handshake', Icon: Handshake },
  { value: 'fa-box', label: 'Box', Icon: Inventory2 },
];

/** The preview of a stored icon name; names from elsewhere (older data) fall back to the folder. */
export function CategoryIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = CATEGORY_ICONS.find((option) => option.value === name)?.Icon ?? Folder;
  return <Icon {...props} />;
}
