import type { ResourceName } from '@greenpod/contracts';
import type { ComponentType } from 'react';
import type { FieldError } from 'react-hook-form';
import { CONFIGURATION_FORM } from '../configuration/configuration-form';
import { LocationPlaceField } from '../location/location-place-field';
import type { FormMode, FormValues } from './form-model';

export interface FormExtraProps {
  mode: FormMode;
  /** The form's values as they stand (watched: the extra redraws as the user types). */
  values: FormValues;
  /** Sets a field as the user would: marked dirty and touched, then validated. */
  setValue: (key: string, value: unknown) => void;
  /** The current error of each field, by key. */
  errors: Partial<Record<string, FieldError>>;
}

/**
 * What one entity's form draws beyond the generic inputs, keyed by resource name: a few fields drawn
 * together by a widget of their own (a location's place on a map), and a panel beside the form (a
 * theme's live preview). The form, its validation and its save stay the generic ones.
 */
export interface FormExtra {
  /** Fields the widget draws; the generic inputs of these are not shown. */
  draws?: readonly string[];
  /** Drawn where the first of `draws` would be. */
  Widget?: ComponentType<FormExtraProps>;
  /** Drawn beside the form (below it on a narrow screen). */
  Aside?: ComponentType<FormExtraProps>;
  /** Fields drawn together under a title, where the first of them would be (form-layout.ts). */
  sections?: readonly FormSection[];
  /** Values a create form starts from (a theme's colours), before the user types anything. */
  preset?: FormValues;
}

export interface FormSection {
  title: string;
  fields: readonly string[];
}

export const FORM_EXTRAS: Partial<Record<ResourceName, FormExtra>> = {
  configuration: CONFIGURATION_FORM,
  location: { draws: ['country', 'city', 'latitude', 'longitude'], Widget: LocationPlaceField },
};
