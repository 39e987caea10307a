"""One module per role; `ROLES` maps each slug to its spec (every rule set's roles: each rule
set says which it deals)."""

from lgmail.rules.roles import (
    abominable_sectaire,
    ancien,
    assommeur,
    avocat,
    bouc_emissaire,
    chasseur,
    corbeau,
    cupidon,
    deux_soeurs,
    enfant_sauvage,
    fee,
    grand_mechant_loup,
    idiot_du_village,
    infect_pere_des_loups,
    joueur_de_flute,
    loup_egare,
    loup_garou,
    loup_garou_blanc,
    maitre_vampire,
    marchand_de_sable,
    marquise,
    metronome,
    petite_fille,
    pretre,
    princesse,
    renard,
    salvateur,
    sorciere,
    villageois,
    villageois_villageois,
    voleur,
    voyante,
)
from lgmail.rules.roles.base import RoleSpec

ROLES: dict[str, RoleSpec] = {
    m.ROLE.slug: m.ROLE
    for m in (
        villageois,
        loup_garou,
        voyante,
        chasseur,
        cupidon,
        sorciere,
        salvateur,
        ancien,
        # 004 (thiercelieux)
        villageois_villageois,
        bouc_emissaire,
        idiot_du_village,
        corbeau,
        deux_soeurs,
        renard,
        loup_garou_blanc,
        grand_mechant_loup,
        infect_pere_des_loups,
        enfant_sauvage,
        pretre,
        princesse,
        loup_egare,
        marchand_de_sable,
        fee,
        joueur_de_flute,
        metronome,
        avocat,
        abominable_sectaire,
        voleur,
        maitre_vampire,
        petite_fille,
        marquise,
        assommeur,
    )
}

CAMP_OF: dict[str, str] = {slug: spec.camp for slug, spec in ROLES.items()}
