import { type ShopSettings, storeProfileSchema } from "@shop/shared";
import { IMAGE_UPLOAD, megabytes } from "@shop/shared/constants";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { fieldProps, SelectField, TextField } from "../../../components/form/field.tsx";
import { FileField, useFileChoice } from "../../../components/form/file-field.tsx";
import { StateOptions } from "../../../components/form/state-options.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { errorMessage } from "../../../lib/api-error.ts";
import { formatPhone } from "../../../lib/format.ts";
import { useRemoveLogo, useSetLogo } from "../api/settings.ts";
import { SettingsForm } from "./settings-form.tsx";

const schema = z.object({ storeProfile: storeProfileSchema });
type Values = z.input<typeof schema>;

const labels = {
  "storeProfile.name": "Shop name",
  "storeProfile.email": "E-mail",
  "storeProfile.phone": "Phone",
  "storeProfile.hours": "Hours",
  "storeProfile.line1": "Street address",
  "storeProfile.line2": "Suite, unit",
  "storeProfile.city": "City",
  "storeProfile.state": "State",
  "storeProfile.zip": "ZIP code",
};

function valuesOf({ storeProfile: profile }: ShopSettings): Values {
  return {
    storeProfile: {
      ...profile,
      phone: profile.phone ? formatPhone(profile.phone) : "",
      hours: profile.hours ?? "",
      line2: profile.line2 ?? "",
    },
  };
}

/** Who the shop is: its name, how to reach it and where it is, as buyers see them everywhere. */
export function ProfileSettings({ settings }: { settings: ShopSettings }) {
  return (
    <SettingsForm
      id="profile"
      title="Store profile"
      hint="Shown in the header and footer, on the Contact Us page, invoices and packing slips, in e-mails and to search engines. New contact messages go to the e-mail."
      settings={settings}
      valuesOf={valuesOf}
      schema={schema}
      toPatch={(values) => values}
      labels={labels}
    >
      {(form) => {
        const field = fieldProps(form, "settings");
        return (
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <TextField label="Shop name" autoComplete="organization" {...field("storeProfile.name")} />
            </div>
            <TextField label="E-mail" type="email" autoComplete="email" {...field("storeProfile.email")} />
            <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field("storeProfile.phone")} />
            <div className="sm:col-span-2">
              <TextField
                label="Hours (optional)"
                hint="When buyers can reach you, such as Monday to Friday, 9 am to 6 pm Eastern."
                {...field("storeProfile.hours")}
              />
            </div>
            <div className="sm:col-span-2">
              <TextField label="Street address" autoComplete="address-line1" {...field("storeProfile.line1")} />
            </div>
            <div className="sm:col-span-2">
              <TextField label="Suite, unit (optional)" autoComplete="address-line2" {...field("storeProfile.line2")} />
            </div>
            <TextField label="City" autoComplete="address-level2" {...field("storeProfile.city")} />
            <div className="grid grid-cols-2 gap-5">
              <SelectField label="State" autoComplete="address-level1" {...field("storeProfile.state")}>
                <StateOptions choose={false} />
              </SelectField>
              <TextField
                label="ZIP code"
                inputMode="numeric"
                autoComplete="postal-code"
                {...field("storeProfile.zip")}
              />
            </div>
          </div>
        );
      }}
    </SettingsForm>
  );
}

/** The logo in the header: upload a new one (through the image pipeline) or remove it. */
export function LogoSettings({ settings }: { settings: ShopSettings }) {
  const setLogo = useSetLogo();
  const removeLogo = useRemoveLogo();
  const { file, setFile, setError, field } = useFileChoice();
  const hintId = useId();
  const logo = settings.storeLogo;
  // The picture is the form's only value, kept outside its fields.
  const form = useForm();
  useUnsavedChanges(form, "the logo", file !== null);

  async function upload() {
    if (!file) {
      setError("Please choose an image (JPEG, PNG or WebP).");
      return;
    }
    try {
      await setLogo.mutateAsync(file);
      setFile(null);
      toast.success("Logo saved");
    } catch (error) {
      setError(errorMessage(error));
      toast.error(`Failed to save the logo: ${errorMessage(error)}`);
    }
  }

  async function remove() {
    try {
      await removeLogo.mutateAsync();
      toast.success("Logo removed: the header shows the shop's name");
    } catch (error) {
      toast.error(`Failed to remove the logo: ${errorMessage(error)}`);
    }
  }

  return (
    <section id="logo" aria-labelledby="logo-title" className="scroll-mt-24 rounded-2xl border border-line bg-white">
      <form noValidate onSubmit={form.handleSubmit(upload)}>
        <div className="p-5 sm:p-6">
          <h2 id="logo-title" className="font-semibold text-lg">
            Logo
          </h2>
          <p id={hintId} className="mt-1 text-muted text-sm">
            Shown in the header in place of the shop's name. JPEG, PNG or WebP up to {megabytes(IMAGE_UPLOAD.maxBytes)}{" "}
            MB; a wide logo on a transparent background about 80 pixels high looks best.
          </p>
          <div className="mt-5">
            <FileField
              id="settings-logo"
              kind="image"
              label={logo ? "Replace the logo" : "Choose a logo"}
              {...field}
              describedBy={hintId}
              preview={{ look: "square", alt: "Preview of the chosen logo", empty: "No logo", whole: true }}
              current={logo ? { src: `/uploads/${logo.key}-${logo.widths[0]}.webp`, alt: "The current logo" } : null}
              removeLabel={logo && !file ? "Remove the logo" : "Remove"}
              onRemoveCurrent={logo ? () => void remove() : undefined}
            />
          </div>
        </div>
        <div className="flex justify-end border-line border-t px-5 py-4 sm:px-6">
          <SubmitButton busy={form.formState.isSubmitting} busyLabel="Uploading...">
            Save logo
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
