import english from 'ra-language-english';

const { ra } = english;

/**
 * react-admin's English messages (ra-language-english), where they set a resource's name inside
 * a sentence in another's stead: ours are titles ("Our dictionary items"), which read wrongly
 * mid-sentence ("No Our dictionary items yet."), so the name leads as a label or the sentence
 * says "item".
 */
export default {
  ...english,
  ra: {
    ...ra,
    page: { ...ra.page, empty: '%{name}: none yet.' },
    message: {
      ...ra.message,
      bulk_delete_content: 'Are you sure you want to delete this item? |||| Are you sure you want to delete these %{smart_count} items?',
      bulk_delete_title: 'Delete: %{name} |||| Delete %{smart_count} items: %{name}',
      bulk_update_content: 'Are you sure you want to update %{recordRepresentation}? |||| Are you sure you want to update these %{smart_count} items?',
      bulk_update_title: 'Update: %{name} %{recordRepresentation} |||| Update %{smart_count} items: %{name}',
      delete_content: 'Are you sure you want to delete this item?',
    },
    navigation: {
      ...ra.navigation,
      no_filtered_results: '%{name}: none match the current filters.',
      no_results: '%{name}: none found',
    },
  },
};
