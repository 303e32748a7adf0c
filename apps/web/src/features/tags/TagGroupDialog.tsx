import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { tagTextColour, type TagGroup } from '@klimadesk/contract/tags/schemas';
import { call } from '../../app/client.ts';
import { NameField } from '../../components/NameField.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;
const DEFAULT_COLOUR = '#0f766e';

type TagDraft = { id?: string; value: string };

/** Chip in the colour of its group; the text switches to black on light colours. */
export function TagChip({ value, colour, ...props }: { value: string; colour: string } & ChipProps) {
  const ok = HEX.test(colour);
  const text = ok ? tagTextColour(colour) : undefined;
  return (
    <Chip
      {...props}
      size="small"
      label={value}
      sx={
        ok
          ? {
              bgcolor: colour,
              color: text,
              border: 1,
              borderColor: 'rgba(0,0,0,0.12)',
              '& .MuiChip-deleteIcon': { color: text, opacity: 0.7 },
            }
          : undefined
      }
    />
  );
}

/** The colour by picker or as a hex code (`#0f766e`). */
function ColourFields({
  colour,
  onChange,
  error,
}: {
  colour: string;
  onChange: (colour: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation(['tags', 'common']);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <TextField
        type="color"
        label={t('dialog.colourPicker')}
        value={HEX.test(colour) ? colour.toLowerCase() : DEFAULT_COLOUR}
        onChange={(e) => onChange(e.target.value)}
        sx={{ width: 110, '& input': { height: 40, p: 0.75, cursor: 'pointer' } }}
      />
      <TextField
        label={t('dialog.colour')}
        required
        value={colour}
        onChange={(e) => onChange(e.target.value.trim())}
        error={!!error}
        helperText={error ?? t('dialog.colourHelp')}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
        sx={{ maxWidth: 200 }}
      />
    </Box>
  );
}

/** The group's tags as chips in its colour; a comma or semicolon closes a tag. */
function TagsField({
  tags,
  input,
  colour,
  onTags,
  onInput,
  normalise,
}: {
  tags: TagDraft[];
  input: string;
  colour: string;
  onTags: (tags: TagDraft[]) => void;
  onInput: (input: string) => void;
  normalise: (values: string[]) => TagDraft[];
}) {
  const { t } = useTranslation(['tags', 'common']);
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={tags.map((x) => x.value)}
      inputValue={input}
      onInputChange={(_e, v) => {
        // A comma or semicolon closes a tag, so a pasted list becomes several tags.
        const parts = v.split(/[,;]/);
        if (parts.length > 1) onTags(normalise([...tags.map((x) => x.value), ...parts.slice(0, -1)]));
        onInput(parts[parts.length - 1]);
      }}
      onChange={(_e, values) => {
        onInput('');
        onTags(normalise(values));
      }}
      renderValue={(values, getItemProps) =>
        values.map((v, index) => {
          const { key, ...props } = getItemProps({ index });
          return <TagChip key={key} {...props} value={v} colour={colour} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('dialog.tags')}
          helperText={t('dialog.tagsHelp')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: 100 },
          }}
        />
      )}
    />
  );
}

/** Creates or edits a tag group: name, colour and its tags. */
export function TagGroupDialog({ group, onClose }: { group: TagGroup | null; onClose: () => void }) {
  const { t } = useTranslation(['tags', 'common']);
  const [name, setName] = useState(group?.name ?? '');
  const [colour, setColour] = useState(group?.colorCode ?? DEFAULT_COLOUR);
  const [tags, setTags] = useState<TagDraft[]>(group?.tags ?? []);
  const [input, setInput] = useState('');
  const [touched, setTouched] = useState(false);
  const nameError = touched && name.trim() === '' ? t('common:validation.required') : null;
  const colourError = HEX.test(colour) ? null : t('dialog.colourInvalid');

  // Values are trimmed and kept once (case-insensitive); existing tags keep their id.
  const normalise = (values: string[]): TagDraft[] => {
    const out: TagDraft[] = [];
    for (const raw of values) {
      const v = raw.trim();
      if (v && !out.some((x) => x.value.toLowerCase() === v.toLowerCase()))
        out.push(tags.find((x) => x.value === v) ?? { value: v });
    }
    return out;
  };
  // Text still in the tag field counts as tags (comma separated), so nothing typed is lost.
  const withPending = () => normalise([...tags.map((x) => x.value), ...input.split(/[,;\n]/)]);

  const save = useApiMutation({
    mutate: (body: { name: string; colorCode: string; tags: TagDraft[] }) =>
      group
        ? call('updateTagGroup', { params: { id: group.id }, body })
        : call('createTagGroup', { body: { ...body, tags: body.tags.map((x) => ({ value: x.value })) } }),
    invalidate: [['tagGroups']],
    success: (saved) => t(group ? 'notify.saved' : 'notify.created', { name: saved.name }),
    onSuccess: onClose,
  });
  const submit = () => {
    setTouched(true);
    if (name.trim() === '' || colourError) return;
    void save.run({ name: name.trim(), colorCode: colour, tags: withPending() });
  };

  return (
    <FormDialog
      id="tag-group"
      title={t(group ? 'dialog.editTitle' : 'dialog.createTitle')}
      mutation={save}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="sm"
      submitLabel={group ? undefined : t('common:actions.create')}
      submitTestId="tag-group-save"
    >
      <NameField
        label={t('dialog.name')}
        value={name}
        onChange={setName}
        touched={touched}
        onBlur={() => setTouched(true)}
        error={nameError}
        hint=" "
      />
      <ColourFields colour={colour} onChange={setColour} error={colourError} />
      <TagsField
        tags={tags}
        input={input}
        colour={colour}
        onTags={setTags}
        onInput={setInput}
        normalise={normalise}
      />
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('dialog.preview')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TagChip value={name.trim() || t('dialog.previewSample')} colour={colour} />
        </Box>
      </Box>
    </FormDialog>
  );
}
